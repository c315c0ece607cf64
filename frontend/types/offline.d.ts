// What the site's scripts share across files, for TypeScript's checker only
// (frontend/tsconfig.json, frontend/tsconfig.worker.json): never served, no build.
// Read by both programs: the queue's half of js/offline.js runs on the pages and in the
// service worker.

/** A form's fields as the browser posts them: [name, value], in order, a name repeated. */
type FormFields = [string, string][];

/** One player's line of the engine's scores (js/engine.js, rules/hand_entry.py). */
interface EngineScore {
  player: string;
  score: number;
  id: number;
  role: "taker" | "partner" | "sits_out" | null;
}

/** A hand saved without signal (js/offline.js), as the queue keeps it in IndexedDB. */
interface QueueEntry {
  /** Its one-time submission key: the queue's key too. */
  key: string;
  table: number | null;
  /** The path its form posts to. */
  action: string;
  fields: FormFields;
  /** The hand's number as typed (or as moved after a settled hand before it). */
  number: number | null;
  /** The engine's provisional scores, shown in the sheet's list. */
  scores: EngineScore[] | null;
  /** "review": refused by the server, waiting for the scorekeeper; "resolving": settled. */
  state: "queued" | "review" | "resolving";
  created: number;
  seq: number;
  /** The number the scorekeeper settled a refused hand as ("the next deal"). */
  resolvedNumber?: number | null;
  /** The server's page for it has been shown once. */
  shown?: boolean;
  /** The pk of the account signed in when it was typed; null: not known yet (queued by
   * the worker), claimed by the next page of a signed-in account. */
  account?: number | null;
}

/** The queue (window.TarotQueue on a page, self.TarotQueue in the worker). */
interface TarotQueueApi {
  all(): Promise<QueueEntry[]>;
  get(key: string): Promise<QueueEntry | null>;
  put(entry: QueueEntry): Promise<void>;
  add(entry: QueueEntry): Promise<boolean>;
  remove(key: string): Promise<void>;
  entry(
    action: string,
    fields: FormFields,
    scores: EngineScore[] | null,
    account?: number | null
  ): QueueEntry;
  sheetOf(action: string): string;
  field(fields: FormFields, name: string): string | null;
  tableOf(path: string): number | null;
}

declare var TarotQueue: TarotQueueApi;
