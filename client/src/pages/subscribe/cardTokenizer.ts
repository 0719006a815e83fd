/** Turns what the member entered into a card token (a payment-method id) at submit time; throws with a message to show. */
export interface CardTokenizer {
  createNonce(billing: { name?: string; email?: string }): Promise<string>;
}
