/**
 * Lets Preact's "after the next paint" timers run before the file's jsdom goes. Preact schedules
 * effects for after the next frame with a 35 ms timeout beside requestAnimationFrame
 * (preact/hooks, afterNextFrame); the timeout calls cancelAnimationFrame. A component unmounted
 * by the last test's cleanup left such a timeout, and when jsdom was torn down first the timeout
 * threw "cancelAnimationFrame is not defined" as an uncaught error, failing the whole run.
 * Loaded by the web project (vitest.config.ts).
 */
import { afterAll } from 'vitest';

/** Longer than Preact's RAF_TIMEOUT (35 ms) and the zero-delay timeout it then sets. */
const AFTER_PAINT_MS = 60;

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, AFTER_PAINT_MS)));
