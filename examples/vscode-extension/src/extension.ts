// A chat participant (@fold) whose history is paged through ContextFold: answered exchanges are folded into a
// store under the workspace's extension storage (VsCodeStorage over vscode.workspace.fs), and each request sends
// the recent exchanges verbatim plus the verified records of older ones it asks about, counted with the model's
// own tokenizer (LanguageModelChat.countTokens).
import * as vscode from "vscode";
import { ContextFold } from "contextfold";
import { VsCodeStorage } from "contextfold/vscode";
import { HistoryPager, exchanges } from "./pager";
import { PrecountedTokenCounter } from "./token-counter";

let pager: Promise<HistoryPager<vscode.LanguageModelChatMessage>> | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const counter = new PrecountedTokenCounter();
  const base = context.storageUri ?? context.globalStorageUri;
  const open = () =>
    (pager ??= ContextFold.open(new VsCodeStorage(vscode.workspace.fs, base), { tokenCounter: counter.count }).then(
      (store) =>
        new HistoryPager({
          store,
          counter,
          messages: { user: (t) => vscode.LanguageModelChatMessage.User(t), assistant: (t) => vscode.LanguageModelChatMessage.Assistant(t) },
        }),
    ));

  const handler: vscode.ChatRequestHandler = async (request, chat, stream, token) => {
    const p = await open();
    const model = request.model;
    const countTokens = (text: string) => model.countTokens(text, token);
    const prepared = await p.prepare(request.prompt, exchanges(chat.history), { maxInputTokens: model.maxInputTokens, countTokens });
    if (prepared.paged.length > 0) stream.progress(`Paged in ${prepared.paged.length} earlier exchange(s)`);
    let answer = "";
    try {
      const response = await model.sendRequest(prepared.messages, {}, token);
      for await (const chunk of response.text) {
        answer += chunk;
        stream.markdown(chunk);
      }
    } finally {
      await p.done(prepared.turn);
    }
    const step = await p.remember(request.prompt, answer, countTokens);
    return { metadata: { contextfoldStep: step } };
  };

  context.subscriptions.push(vscode.chat.createChatParticipant("contextfold.chat", handler));
}

export async function deactivate(): Promise<void> {
  const p = pager;
  pager = undefined;
  if (p) await (await p).store.close();
}
