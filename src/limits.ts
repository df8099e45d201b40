/** Limits the server enforces and advertises (POST /register, serverSettings). */
export const ZULIP_FEATURE_LEVEL = 492;
export const ZULIP_VERSION = '12.0-dev';
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;
/**
 * The most items a list parameter may hold (ids to add, reorder or remove). Far above any real
 * request, and it keeps each list within one bounded IN (...) read on both dialects.
 */
export const MAX_LIST_LENGTH = 10_000;

/** The largest request body accepted, in bytes, whatever its encoding (multipart included). */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
