import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The answer of a tool that only reports JSON: the JSON, indented, as its one text item. */
export const jsonAnswer = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/**
 * A tool's work, with any failure (the API's error answer, an unreachable service) given back
 * as a tool error the model can read, never thrown: a thrown error would end the call with a
 * protocol error instead.
 */
export async function toolAnswer(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { content: [{ type: 'text', text }], isError: true };
  }
}
