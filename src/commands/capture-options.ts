import { Command, InvalidArgumentError } from 'commander';
import { IMAGES_OPTIONS, ORIENTATION_OPTIONS } from '../rendering';

/** A commander option parser that takes one of `allowed` and refuses anything else. */
export function choice(allowed: readonly string[]) {
  return (value: string) => {
    if (!allowed.includes(value)) throw new InvalidArgumentError(`one of ${allowed.join(', ')}`);
    return value;
  };
}

/** `--images` and `--orientation`, as `render` and `compare` both take them. */
export function withCaptureOptions(command: Command): Command {
  return command
    .option('--images <option>', 'allowed | blocked', choice(IMAGES_OPTIONS), 'allowed')
    .option(
      '--orientation <option>',
      'vertical | horizontal',
      choice(ORIENTATION_OPTIONS),
      'vertical',
    );
}
