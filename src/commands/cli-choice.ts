import { InvalidArgumentError } from 'commander';

/** A commander option parser that takes one of `allowed` and refuses anything else. */
export function choice(allowed: readonly string[]) {
  return (value: string) => {
    if (!allowed.includes(value)) throw new InvalidArgumentError(`one of ${allowed.join(', ')}`);
    return value;
  };
}
