// The engine counts tokens synchronously (`ContextFold.open(storage, { tokenCounter })`); VS Code counts them
// asynchronously (`LanguageModelChat.countTokens` returns a Thenable). So the extension asks the model before it
// folds a text (`prime`), and the engine's counter answers with that count; any text not counted beforehand (a
// truncation prefix while hydrating, say) gets the reference estimate, code points / 4.

export class PrecountedTokenCounter {
  #counts = new Map<string, number>();

  /** The engine's counter: the model's count of a primed text, else the reference estimate. */
  readonly count = (text: string): number => this.#counts.get(text) ?? Math.floor([...text].length / 4);

  /** Count `text` with the model, for the next `count(text)`. */
  async prime(text: string, countTokens: (text: string) => Thenable<number>): Promise<number> {
    const known = this.#counts.get(text);
    if (known !== undefined) return known;
    const n = await countTokens(text);
    this.#counts.set(text, n);
    return n;
  }

  /** Drop a count once the engine has used it (the fold keeps it in the index as the node's token estimate). */
  forget(text: string): void {
    this.#counts.delete(text);
  }
}
