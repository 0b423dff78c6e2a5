// Starts `bindscript lsp` (or the command in the settings) for .bind files.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("bindscript");
  const command = settings.get("server.command", "bindscript");
  const args = settings.get("server.arguments", ["lsp"]);
  const serverOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ scheme: "file", language: "bindscript" }, { scheme: "untitled", language: "bindscript" }],
  };
  client = new LanguageClient("bindscript", "BindScript", serverOptions, clientOptions);
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
