/** Where playback starts from saved progress, and whether the resume prompt shows (docs/behaviour.md#player-resume). */

export interface ResumeDecision {
  /** Seconds. */
  startAt: number;
  /** Hidden under 20 s watched or within 120 s of the end. */
  prompt: boolean;
}

export function resumeFrom(watched: number, duration: number): ResumeDecision {
  if (!(watched > 0) || !(duration > 0)) return { startAt: 0, prompt: false };
  const remaining = duration - watched;
  const prompt = watched >= 20 && remaining > 120;
  // Media too short for those thresholds (clips) resume silently unless within their last 5%.
  const startAt = prompt || (duration < 240 && remaining > duration * 0.05) ? watched : 0;
  return { startAt, prompt: prompt && startAt > 0 };
}

/**
 * The decision again once the stream's own duration is known: saved progress may come from
 * another source or a longer cut, so a position past this stream's end is clamped to it, and the resume
 * thresholds apply to this duration (a position clamped to the end starts from the beginning).
 */
export function resumeAgainst(resumeAt: number, mediaDuration: number): ResumeDecision {
  if (!(mediaDuration > 0)) return { startAt: resumeAt, prompt: true };
  return resumeFrom(Math.min(resumeAt, mediaDuration), mediaDuration);
}
