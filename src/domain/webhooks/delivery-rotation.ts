/** A due delivery as the dispatcher chooses among them: whose it is, and its attempts so far. */
export interface DueDelivery {
  id: string;
  webhookId: string;
  applicationId: string;
  attempts: number;
}

/**
 * The order in which due deliveries are taken: round robin across applications, and within
 * an application's turns round robin across its webhooks, each webhook's deliveries in due
 * order. So one application's backlog (twenty webhooks on a receiver that never answers)
 * takes one turn in each round like any other application, and one webhook's backlog one
 * turn of its application's. Each pass starts after the application and webhook served last,
 * so a pass that ends early (slots full) does not favour the first in line.
 */
export class DeliveryRotation {
  private lastApplication = '';
  private readonly lastWebhook = new Map<string, string>();

  order(due: DueDelivery[]): DueDelivery[] {
    const byApplication = new Map<string, Map<string, DueDelivery[]>>();
    for (const delivery of due) {
      const webhooks = byApplication.get(delivery.applicationId) ?? new Map();
      byApplication.set(delivery.applicationId, webhooks);
      webhooks.set(delivery.webhookId, [...(webhooks.get(delivery.webhookId) ?? []), delivery]);
    }
    for (const application of this.lastWebhook.keys())
      if (!byApplication.has(application)) this.lastWebhook.delete(application);
    const turns = after([...byApplication.keys()], this.lastApplication).map((application) => {
      const webhooks = byApplication.get(application)!;
      const order = after([...webhooks.keys()], this.lastWebhook.get(application) ?? '');
      return interleave(order.map((webhook) => webhooks.get(webhook)!));
    });
    return interleave(turns);
  }

  /** The delivery was taken: the next pass starts after its application and webhook. */
  served(delivery: DueDelivery): void {
    this.lastApplication = delivery.applicationId;
    this.lastWebhook.set(delivery.applicationId, delivery.webhookId);
  }
}

/** The ids in order, starting with the first one after `last` (and wrapping round). */
function after(ids: string[], last: string): string[] {
  const sorted = ids.sort();
  const start = sorted.findIndex((id) => id > last);
  return start <= 0 ? sorted : [...sorted.slice(start), ...sorted.slice(0, start)];
}

/** The first of each list, then the second of each, and so on. */
function interleave<T>(lists: T[][]): T[] {
  const merged: T[] = [];
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  for (let place = 0; merged.length < total; place++)
    for (const list of lists) if (place < list.length) merged.push(list[place]);
  return merged;
}
