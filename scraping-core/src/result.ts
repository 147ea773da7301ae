/** Results cross the worker boundary as data: comlink drops custom fields of thrown errors. */
export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export interface AppError {
  /** Taxonomy code, e.g. captions/empty. */
  code: string;
  /** User-facing message (spec texts where the spec gives one). */
  message: string;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = (code: string, message: string): Result<never> => ({ ok: false, error: { code, message } });
