import pino from "pino";

// One logger for the whole server. Secrets never reach it: these keys are redacted wherever they
// appear (two levels deep), and code logs identifiers, not request bodies.
const secretKeys = [
  "password",
  "oldPassword",
  "newPassword",
  "passwordHash",
  "token",
  "accessToken",
  "refreshToken",
  "authorization",
  "cookie",
  "secret",
  "APP_SECRET",
  "apiKey",
  "AI_API_KEY",
  "secretAccessKey",
  "S3_SECRET_ACCESS_KEY",
];

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: { paths: [...secretKeys, ...secretKeys.map((k) => `*.${k}`)], censor: "[redacted]" },
  base: undefined,
  ...(process.env.NODE_ENV === "development" && process.stdout.isTTY ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
});
