/**
 * `npm test`: the fast checks first, so a broken build fails in minutes, then the browser journeys.
 *   1. type check, lint and the format check, side by side (`npm run lint` is the last two);
 *   2. unit and component tests;
 *   3. the production builds, then the journeys against them.
 * The first phase that fails ends the run. Each phase prints its time, and the run its total.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './site.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
}

const bin = (tool: string) => path.join(ROOT, 'node_modules', '.bin', tool);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one step; its output is buffered when it shares the terminal with another step. */
function run(step: Step, buffered: boolean): Promise<{ step: Step; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: ROOT, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ step, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ step, code: code ?? 1, output }));
  });
}

async function phase(title: string, steps: Step[]): Promise<void> {
  const started = performance.now();
  console.log(`\n> ${title}`);
  const results = await Promise.all(steps.map((step) => run(step, steps.length > 1)));
  for (const { step, code, output } of results) {
    if (output) process.stdout.write(output);
    if (code !== 0) {
      console.error(`\nnpm test: ${step.name} failed (${title}, after ${seconds(runStarted)})`);
      process.exit(code);
    }
  }
  console.log(`  ${title}: ${seconds(started)}`);
}

const runStarted = performance.now();
await phase('type check and lint', [
  { name: 'type check', command: bin('tsc'), args: ['-b'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'format check', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
]);
await phase('unit and component tests', [{ name: 'unit tests', command: bin('vitest'), args: ['run'] }]);
await phase('builds and journeys', [{ name: 'journeys', command: 'npm', args: ['run', '--silent', 'test:e2e'] }]);
console.log(`\nnpm test passed in ${seconds(runStarted)}`);
