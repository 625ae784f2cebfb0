// Image rules (SPEC section 5), shared by the upload form and the server.
export const MAX_IMAGES_PER_POST = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_ALT_TEXT = 1000;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** For the file picker only: the server decides by the bytes, never by the name or this list. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
