/** Results cross the worker boundary as data: comlink drops custom fields of thrown errors. */
export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export interface AppError {
  /** Taxonomy code, e.g. captions/empty. */
  code: string;
  /** User-facing message (the product copy of docs/behaviour.md#scraping-errors where it gives one). */
  message: string;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = (code: string, message: string): Result<never> => ({ ok: false, error: { code, message } });
