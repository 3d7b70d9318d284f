import { DeliveryRotation, DueDelivery } from '../../../../src/domain/webhooks/delivery-rotation';

/** `a1:w2:3`: application a1's webhook w2, its third due delivery. */
const delivery = (name: string): DueDelivery => {
  const [applicationId, webhook] = name.split(':');
  return { id: name, applicationId, webhookId: `${applicationId}:${webhook}`, attempts: 0 };
};
const names = (due: DueDelivery[]) => due.map((taken) => taken.id);

describe('DeliveryRotation', () => {
  it('takes round robin across applications, then across each one’s webhooks, each webhook in due order', () => {
    // Due order: application a's backlog first, b's single delivery last.
    const due = ['a:w1:1', 'a:w1:2', 'a:w2:1', 'a:w2:2', 'a:w3:1', 'b:w1:1'].map(delivery);
    expect(names(new DeliveryRotation().order(due))).toEqual([
      'a:w1:1',
      'b:w1:1',
      'a:w2:1',
      'a:w3:1',
      'a:w1:2',
      'a:w2:2',
    ]);
  });

  it('starts each pass after the application and webhook served last', () => {
    const rotation = new DeliveryRotation();
    const due = ['a:w1:1', 'a:w2:1', 'b:w1:1', 'c:w1:1'].map(delivery);
    rotation.served(delivery('a:w1:1'));
    expect(names(rotation.order(due))).toEqual(['b:w1:1', 'c:w1:1', 'a:w2:1', 'a:w1:1']);
    rotation.served(delivery('c:w1:1'));
    expect(names(rotation.order(due))).toEqual(['a:w2:1', 'b:w1:1', 'c:w1:1', 'a:w1:1']);
  });
});
