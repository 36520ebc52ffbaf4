// CI's time budget (.ci/budget.json), so that a slower run shows in the change that slows it.
//   node scripts/ci-budget.mjs calibrate          prints how many ms a fixed piece of work takes
//   node scripts/ci-budget.mjs check SECONDS MS    fails when SECONDS exceed the budget
// Machines of the same kind differ by up to 2x from day to day: the budget is in seconds of
// the machine it was set on, whose calibration is kept beside it, and a run on a machine
// measured slower (never faster) gets that many more seconds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const budgetFile = path.join(import.meta.dirname, '..', '.ci', 'budget.json');

/** A fixed, single-threaded piece of work like the tests' own: hashing, strings and objects. */
function calibrate() {
  const started = process.hrtime.bigint();
  let digest = Buffer.alloc(32);
  const rows = [];
  for (let i = 0; i < 200_000; i += 1) {
    digest = crypto.createHash('sha256').update(digest).digest();
    rows.push({ id: i, key: digest.toString('hex', 0, 8) });
  }
  rows.sort((a, b) => a.key.localeCompare(b.key));
  JSON.parse(JSON.stringify(rows));
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'calibrate') {
  // The best of three: a neighbour's burst should not lend the run more time.
  console.log(Math.round(Math.min(calibrate(), calibrate(), calibrate())));
} else if (command === 'check') {
  const [elapsed, measured] = args.map(Number);
  if (!Number.isFinite(elapsed) || !Number.isFinite(measured)) {
    console.error('usage: ci-budget.mjs check SECONDS CALIBRATION_MS');
    process.exit(2);
  }
  const budget = JSON.parse(fs.readFileSync(budgetFile, 'utf8'));
  const factor = Math.max(1, measured / budget.calibrationMs);
  const allowed = Math.round(budget.seconds * factor);
  const verdict = elapsed <= allowed ? 'within' : 'OVER';
  console.log(
    `CI took ${elapsed}s without the Debian installs: ${verdict} its budget of ${allowed}s ` +
      `(${budget.seconds}s on the reference machine; this one calibrated at ${measured} ms ` +
      `against ${budget.calibrationMs} ms, factor ${factor.toFixed(2)}).`,
  );
  if (elapsed > allowed) {
    console.error(
      'Bring the run back under its budget (docs/performance.md, "CI time") rather than raising it.',
    );
    process.exit(1);
  }
} else {
  console.error('usage: ci-budget.mjs calibrate | check SECONDS CALIBRATION_MS');
  process.exit(2);
}
