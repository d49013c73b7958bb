/**
 * The refusals of options that clash with VarPro, the Poisson likelihood, a model comparison or a
 * checkpoint, and of a bad --groups list, word for word: the rules moved to src/job/validate.ts
 * (settingClash, notCheckpointed) and src/data/keyList.ts, and the messages are the CLI's contract.
 * The expected texts are those of the argv parser before the move (issue 22).
 */
import { describe, expect, it } from 'vitest';
import { parseFitArgs } from './args';

const base = ['d.csv', '--model', 'a*x+b'];

const REFUSALS: [string[], string][] = [
  [['--varpro', '--group', 'g'], "--varpro does not combine with --group/--wide (it fits one dataset); drop one of them."],
  [['--varpro', '--wide'], "--varpro does not combine with --group/--wide (it fits one dataset); drop one of them."],
  [['--varpro', '--loss', 'huber'], "--varpro does not combine with --loss huber (the linear parameters are solved by least squares); drop one of them."],
  [['--varpro', '--starts', '8'], "--varpro does not combine with --starts (the start search already solves the linear parameters at every candidate); drop one of them."],
  [['--varpro', '--mle', 'poisson'], "--varpro does not combine with --mle; drop one of them."],
  [['--varpro', '--checkpoint', 'c.json'], "--varpro does not combine with --checkpoint; drop one of them."],
  [['--mle', 'poisson', '--group', 'g'], "--mle poisson does not combine with --group/--wide; drop one of them."],
  [['--mle', 'poisson', '--checkpoint', 'c.json'], "--mle poisson does not combine with --checkpoint; drop one of them."],
  [['--mle', 'poisson', '--sigma', 's'], "--mle poisson does not combine with --sigma/--weights (Poisson counts carry their own variance); drop one of them."],
  [['--mle', 'poisson', '--weights', 'poisson'], "--mle poisson does not combine with --sigma/--weights (Poisson counts carry their own variance); drop one of them."],
  [['--mle', 'poisson', '--loss', 'cauchy'], "--mle poisson does not combine with --loss cauchy; drop one of them."],
  [['--mle', 'poisson', '--ci', 'profile'], "--mle poisson does not combine with --ci profile; drop one of them."],
  [['--compare-model', 'a*x', '--group', 'g'], "--compare-model compares two least-squares fits of one dataset; it does not combine with --group/--wide (compare a global fit with --shared and --compare instead)."],
  [['--compare-model', 'a*x', '--mle', 'poisson'], "--compare-model compares two least-squares fits of one dataset; it does not combine with --mle poisson."],
  [['--compare-model', 'a*x', '--loss', 'soft_l1'], "--compare-model compares two least-squares fits of one dataset; it does not combine with --loss soft_l1."],
  [['--compare-model', 'a*x', '--checkpoint', 'c.json'], "--compare-model compares two least-squares fits of one dataset; it does not combine with --checkpoint."],
  [['--checkpoint', 'c.json', '--wide'], "--checkpoint saves one fit; group fits (--group, --wide) are not checkpointed yet. Drop --checkpoint."],
  [['--groups', 'a,a', '--group', 'g'], "--groups: the group \"a\" is given twice."],
  [['--groups', 'a\\', '--group', 'g'], "--groups: \"a\\\\\" ends with a lone backslash; write \\\\ for a backslash in a key."],
  [['--groups', ' , ', '--group', 'g'], "--groups needs group keys, e.g. --groups treated,untreated."],
  [['--varpro', '--loss', 'huber', '--starts', '3', '--group', 'g'], "--varpro does not combine with --group/--wide (it fits one dataset); drop one of them."],
  [['--mle', 'poisson', '--loss', 'huber', '--ci', 'profile'], "--ci profile needs the least-squares loss; drop --loss huber or use --ci wald."],
];

describe('option clashes (src/job/validate.ts settingClash) in the CLI\'s words', () => {
  it.each(REFUSALS)('%j', (args, message) => {
    let thrown: unknown = null;
    try {
      parseFitArgs([...base, ...args]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error | null)?.message).toBe(message);
  });

  it('takes what does not clash', () => {
    const ok = parseFitArgs([...base, '--mle', 'poisson', '--loss', 'linear']);
    expect(ok !== 'help' && ok.mle).toBe('poisson');
    const keys = parseFitArgs([...base, '--group', 'g', '--groups', 'a\\,b,c\\\\d']);
    expect(keys !== 'help' && keys.groups).toEqual(['a,b', 'c\\d']);
  });
});
