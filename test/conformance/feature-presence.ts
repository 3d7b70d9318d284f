import { runPreparation } from '../../src/rendering/prepare/prepare-task';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import type { EmailContent } from '../../src/rendering/model/email-content';

/**
 * A style attribute as a list of declarations, whatever its spacing: taking a feature out
 * writes every style attribute back in one form, so two documents that differ only there
 * hold the same declarations.
 */
function sameSpacing(html: string): string {
  return html.replace(/\sstyle="([^"]*)"/g, (_all, style: string) => {
    const declarations = style
      .split(';')
      .map((declaration) => declaration.trim().replace(/\s*:\s*/, ':'))
      .filter(Boolean);
    return ` style="${declarations.join(';')}"`;
  });
}

/**
 * Whether taking the feature out changes the email the engine alone is given: when it does
 * not, the test holds nothing of the feature (caniemail's css-flex-wrap names
 * css-box-model.html, which sets no flex-wrap), and the pair is undecided without drawing
 * anything, so no difference between two draws of one document can pass for the feature.
 */
export function takingOutChanges(
  test: string,
  feature: string,
  email: EmailContent,
  engineAlone: ClientProfile,
  engineAloneWithout: ClientProfile,
): boolean {
  // What a test holds does not depend on the device: once per test and feature.
  const key = `${test}|${feature}`;
  let changes = known.get(key);
  if (changes === undefined) {
    changes = prepare(email, engineAlone) !== prepare(email, engineAloneWithout);
    known.set(key, changes);
  }
  return changes;
}

const known = new Map<string, boolean>();

function prepare(email: EmailContent, profile: ClientProfile): string {
  return sameSpacing(
    runPreparation({ email, profile, options: { images: 'allowed', orientation: 'vertical' } })
      .html,
  );
}
