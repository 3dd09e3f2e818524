/**
 * Shapes shared by core's benchmarks and their runner (`npm run bench -w @junction/core`).
 */

/** One benchmark result beside its baseline, as the runner prints it (benchmark | ours | baseline | target). */
export interface BenchRow {
  /** What is measured, e.g. 'delete step with bridge + history entry, 1,000 steps'. */
  benchmark: string;
  /** The code under test, e.g. 'WorkflowModel.deleteStep'. */
  subject: string;
  /** Our measured value, in `unit`. */
  value: number;
  /** What the baseline does, e.g. 'JSON deep copy per edit + snapshot-copy history'. */
  baseline: string;
  /** The baseline's measured value, in `unit`. */
  baselineValue: number;
  /** Unit of both values, e.g. 'ms' or 'MB'. */
  unit: string;
  /** The goal for `value`, e.g. '< 2 ms'. */
  target: string;
}
