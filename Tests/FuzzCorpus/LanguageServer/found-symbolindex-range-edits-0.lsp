Content-Length: 75

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}Content-Length: 2228

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","languageId":"bindscript","version":1,"text":"# Events are streams without a current value (runtime guarantee 10): `on` handles\n# them, `emit` fires them, handlers run in registration order.\n\ntype Picker {\n  var selected: Int = 0\n  event picked: Int\n  event ratio: Double\n  event cleared\n}\n\nlet button = Button()\nvar taps = 0\non button.tap { taps += 1 }\non button.tap { print(\"tap\", taps) }\nemit button.tap\n#> tap 1\nemit button.tap\n#> tap 2\ntaps\n#> 2\n\n# Payload-carrying events.\nlet picker = Picker()\non picker.picked { v in print(\"picked\", v) }\nemit picker.picked(3)\n#> picked 3\nemit picker.picked(3)\n#> picked 3\n\n# A handler may ignore the payload.\non picker.picked { print(\"something was picked\") }\nemit picker.picked(4)\n#> picked 4\n#> something was picked\n\n# Int converts to a Double payload.\non picker.ratio { r in print(\"ratio\", r) }\nemit picker.ratio(1)\n#> ratio 1.0\n\n# Events have no current value: emitting with no handler does nothing.\nemit picker.cleared\n\n# Named handlers can be disposed.\non picker.cleared as clearer { print(\"cleared\") }\nemit picker.cleared\n#> cleared\ndispose clearer\nemit picker.cleared\n\n# A handler's write starts its own propagation before the next handler runs.\nobserve picker.selected\non picker.picked { v in picker.selected = v }\non picker.picked { v in print(\"after write, selected =\", picker.selected) }\nemit picker.picked(9)\n#> picked 9\n#> something was picked\n#> picker.selected: 0 -> 9\n#> after write, selected = 9\n\n# Built-in controls have events too.\nlet field = TextField()\non field.returnPressed { print(\"return in\", field.text) }\nfield.text = \"hello\"\nemit field.returnPressed\n#> return in hello\nlet toggle = Switch()\non toggle.valueChanged { print(\"switch is\", toggle.isOn) }\ntoggle.isOn = true\nemit toggle.valueChanged\n#> switch is true\n\n# A handler may dispose itself: it runs once.\non button.tap as firstTapOnly {\n  print(\"first tap only\")\n  dispose firstTapOnly\n}\nemit button.tap\n#> tap 3\n#> first tap only\nemit button.tap\n#> tap 4\n"}}}Content-Length: 267

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":2},"contentChanges":[{"range":{"start":{"line":49,"character":0},"end":{"line":49,"character":2}},"text":"let "}]}}Content-Length: 234

{"jsonrpc":"2.0","id":11,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":49,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 264

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":3},"contentChanges":[{"range":{"start":{"line":51,"character":9},"end":{"line":52,"character":2}},"text":":"}]}}Content-Length: 234

{"jsonrpc":"2.0","id":12,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":51,"character":9},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 265

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":4},"contentChanges":[{"range":{"start":{"line":64,"character":4},"end":{"line":65,"character":1}},"text":"\""}]}}Content-Length: 234

{"jsonrpc":"2.0","id":13,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":64,"character":4},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":5},"contentChanges":[{"range":{"start":{"line":32,"character":8},"end":{"line":34,"character":4}},"text":"\\("}]}}Content-Length: 238

{"jsonrpc":"2.0","id":14,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":32,"character":8},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 269

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":6},"contentChanges":[{"range":{"start":{"line":12,"character":23},"end":{"line":12,"character":2}},"text":"case "}]}}Content-Length: 235

{"jsonrpc":"2.0","id":15,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":12,"character":23},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":7},"contentChanges":[{"range":{"start":{"line":12,"character":11},"end":{"line":13,"character":2}},"text":"->"}]}}Content-Length: 259

{"jsonrpc":"2.0","id":16,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"range":{"start":{"line":12,"character":0},"end":{"line":12,"character":11}},"context":{"diagnostics":[]}}}Content-Length: 268

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":8},"contentChanges":[{"range":{"start":{"line":26,"character":17},"end":{"line":27,"character":3}},"text":"let "}]}}Content-Length: 239

{"jsonrpc":"2.0","id":17,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":26,"character":17},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 263

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":9},"contentChanges":[{"range":{"start":{"line":7,"character":0},"end":{"line":7,"character":3}},"text":"?."}]}}Content-Length: 256

{"jsonrpc":"2.0","id":18,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"range":{"start":{"line":7,"character":0},"end":{"line":7,"character":0}},"context":{"diagnostics":[]}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":10},"contentChanges":[{"range":{"start":{"line":80,"character":0},"end":{"line":82,"character":3}},"text":"#>"}]}}Content-Length: 234

{"jsonrpc":"2.0","id":19,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":80,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":11},"contentChanges":[{"range":{"start":{"line":41,"character":2},"end":{"line":41,"character":4}},"text":"x."}]}}Content-Length: 234

{"jsonrpc":"2.0","id":20,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":41,"character":2},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 265

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":12},"contentChanges":[{"range":{"start":{"line":18,"character":4},"end":{"line":19,"character":0}},"text":"("}]}}Content-Length: 238

{"jsonrpc":"2.0","id":21,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":18,"character":4},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 267

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":13},"contentChanges":[{"range":{"start":{"line":65,"character":15},"end":{"line":65,"character":2}},"text":"$0"}]}}Content-Length: 239

{"jsonrpc":"2.0","id":22,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":65,"character":15},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 265

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":14},"contentChanges":[{"range":{"start":{"line":15,"character":8},"end":{"line":16,"character":4}},"text":")"}]}}Content-Length: 234

{"jsonrpc":"2.0","id":23,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":15,"character":8},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":15},"contentChanges":[{"range":{"start":{"line":70,"character":9},"end":{"line":71,"character":0}},"text":"->"}]}}Content-Length: 234

{"jsonrpc":"2.0","id":24,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":70,"character":9},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":16},"contentChanges":[{"range":{"start":{"line":40,"character":30},"end":{"line":41,"character":1}},"text":")"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":25,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":40,"character":30},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 268

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":17},"contentChanges":[{"range":{"start":{"line":4,"character":19},"end":{"line":6,"character":2}},"text":"case "}]}}Content-Length: 229

{"jsonrpc":"2.0","id":26,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":4,"character":19},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 266

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind","version":18},"contentChanges":[{"range":{"start":{"line":11,"character":10},"end":{"line":11,"character":1}},"text":"{"}]}}Content-Length: 230

{"jsonrpc":"2.0","id":27,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/events/events.bind"},"position":{"line":11,"character":10},"options":{"tabSize":2,"insertSpaces":true}}}