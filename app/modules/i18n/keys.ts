import type { ParseKeys } from "i18next";

/**
 * Every key of the English file (a plural key also by its base name: `posts.calendar.count` for
 * `count_one`/`count_other`). Wherever a key travels as a value (AppError, navigation, error
 * pages), it has this type, so a misspelled key does not compile (docs/decisions/0045).
 */
export type TranslationKey = ParseKeys<"common">;

/** The values interpolated into a message; `count` picks the plural form. */
export type TranslationValues = Record<string, string | number>;

/** A translate function as modules need it: the server's getTranslator and react-i18next's t both fit. */
export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

/** What follows a prefix in the keys under it: `KeysUnder<"platforms">` is "linkedin" | "twitter". */
export type KeysUnder<Prefix extends string> = TranslationKey extends infer Key ? (Key extends `${Prefix}.${infer Rest}` ? Rest : never) : never;
