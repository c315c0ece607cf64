// What the pages' scripts put on window for one another (TypeScript's checker only).

/** The engine's answer to a hand form's fields (js/engine.js, rules/hand_entry.py). */
type EngineResult =
  | {
      ok: true;
      scores: EngineScore[];
      /** null: all passed. */
      made: boolean | null;
      margin: number;
      value: number;
      points: number;
      defence_points: number;
    }
  | { ok: false; errors: Record<string, string[]> };

/** window.tarotEngine (js/engine.js), used by js/offline.js for provisional scores. */
interface TarotEngine {
  ready: Promise<unknown>;
  score(fields: Record<string, string>): Promise<EngineResult>;
  scoreJson(hand: unknown): Promise<unknown>;
}

/** What one sending of the queue ended on (js/offline.js flushOnce). */
interface FlushResult {
  outcome: "done" | "shown" | "login" | "network";
  saved: number;
}

interface Window {
  TarotQueue: TarotQueueApi;
  TarotOffline?: { flush(): Promise<FlushResult | null | void>; queue: TarotQueueApi };
  tarotEngine?: TarotEngine;
}
