/** The player's Result type is the scraping engine's (results cross the worker boundary as data). */
export { fail, ok, type AppError, type Result } from 'scraping-core/result';
