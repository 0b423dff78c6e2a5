Content-Length: 75

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}Content-Length: 1365

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","languageId":"bindscript","version":1,"text":"#!/usr/bin/env bindscript run\n# Lexical layout (Grammar.md \u00a71): a first line starting `#!` is a shebang;\n# statements end at a newline or `;`, and continue while a bracket is open\n# or when a line ends with a binary operator, `->`, `<->` or `,`.\n\ntype Model {\n  var title: String = \"t\"\n  var name: String = \"\"\n}\nlet vm = Model()\nlet label = Label()\nlet field = TextField()\n\nbind vm.title ->\n  label.text\nlabel.text\n#> \"t\"\n\nbind field.text <->\n  vm.name\nvm.name = \"n\"\nfield.text\n#> \"n\"\n\nlet total = 1 +\n  2 *\n  3\ntotal\n#> 7\n\nlet ok = true &&\n  false ||\n  true\nok\n#> true\n\nprint(\"a\",\n  \"b\",\n  \"c\")\n#> a b c\n\nlet nested = [\n  [1, 2],\n  [3],\n]\nnested.count\n#> 2\n\nfunc join(a,\n  b) {\n  return \"\\(a)\\(b)\"\n}\njoin(\"x\", \"y\")\n#> \"xy\"\n\n# Several statements on one line.\nvm.title = \"one\"; vm.name = \"two\"; print(label.text, field.text)\n#> one two\n\n# Comments anywhere a line ends.\nlet commented = 5 # the rest of this line is a comment\ncommented # as is this\n#> 5\n# `#>` lines are comments to the interpreter; a `#` in a string is text.\n\"# not a comment\"\n#> \"# not a comment\"\n"}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":2},"contentChanges":[{"range":{"start":{"line":18,"character":14},"end":{"line":19,"character":1}},"text":"?."}]}}Content-Length: 241

{"jsonrpc":"2.0","id":11,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":18,"character":14},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":3},"contentChanges":[{"range":{"start":{"line":44,"character":1},"end":{"line":46,"character":0}},"text":"$0"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":12,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":44,"character":1},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":4},"contentChanges":[{"range":{"start":{"line":10,"character":14},"end":{"line":11,"character":0}},"text":"."}]}}Content-Length: 265

{"jsonrpc":"2.0","id":13,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":10,"character":0},"end":{"line":10,"character":14}},"context":{"diagnostics":[]}}}Content-Length: 270

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":5},"contentChanges":[{"range":{"start":{"line":26,"character":2},"end":{"line":26,"character":2}},"text":")"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":14,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":26,"character":2},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":6},"contentChanges":[{"range":{"start":{"line":18,"character":6},"end":{"line":19,"character":2}},"text":"<->"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":15,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":18,"character":6},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":7},"contentChanges":[{"range":{"start":{"line":26,"character":3},"end":{"line":27,"character":4}},"text":" ?? "}]}}Content-Length: 240

{"jsonrpc":"2.0","id":16,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":26,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":8},"contentChanges":[{"range":{"start":{"line":20,"character":13},"end":{"line":22,"character":0}},"text":"}"}]}}Content-Length: 236

{"jsonrpc":"2.0","id":17,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":20,"character":13},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 270

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":9},"contentChanges":[{"range":{"start":{"line":50,"character":4},"end":{"line":52,"character":1}},"text":")"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":18,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":50,"character":4},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":10},"contentChanges":[{"range":{"start":{"line":3,"character":30},"end":{"line":4,"character":3}},"text":"\\("}]}}Content-Length: 240

{"jsonrpc":"2.0","id":19,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":3,"character":30},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":11},"contentChanges":[{"range":{"start":{"line":6,"character":19},"end":{"line":6,"character":4}},"text":"let "}]}}Content-Length: 263

{"jsonrpc":"2.0","id":20,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":6,"character":0},"end":{"line":6,"character":19}},"context":{"diagnostics":[]}}}Content-Length: 274

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":12},"contentChanges":[{"range":{"start":{"line":37,"character":5},"end":{"line":39,"character":2}},"text":"let "}]}}Content-Length: 264

{"jsonrpc":"2.0","id":21,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":37,"character":0},"end":{"line":37,"character":5}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":13},"contentChanges":[{"range":{"start":{"line":43,"character":4},"end":{"line":44,"character":3}},"text":"\t"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":22,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":43,"character":4},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 274

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":14},"contentChanges":[{"range":{"start":{"line":12,"character":0},"end":{"line":14,"character":3}},"text":" ?? "}]}}Content-Length: 240

{"jsonrpc":"2.0","id":23,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":12,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 275

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":15},"contentChanges":[{"range":{"start":{"line":55,"character":32},"end":{"line":56,"character":4}},"text":" ?? "}]}}Content-Length: 241

{"jsonrpc":"2.0","id":24,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":55,"character":32},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 270

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":16},"contentChanges":[{"range":{"start":{"line":7,"character":21},"end":{"line":9,"character":2}},"text":"}"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":25,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":7,"character":21},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":17},"contentChanges":[{"range":{"start":{"line":35,"character":0},"end":{"line":37,"character":0}},"text":"->"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":26,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":35,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":18},"contentChanges":[{"range":{"start":{"line":39,"character":8},"end":{"line":41,"character":1}},"text":"<->"}]}}Content-Length: 264

{"jsonrpc":"2.0","id":27,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":39,"character":0},"end":{"line":39,"character":8}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":19},"contentChanges":[{"range":{"start":{"line":45,"character":5},"end":{"line":46,"character":0}},"text":"?."}]}}Content-Length: 235

{"jsonrpc":"2.0","id":28,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":45,"character":5},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":20},"contentChanges":[{"range":{"start":{"line":60,"character":12},"end":{"line":62,"character":0}},"text":"->"}]}}Content-Length: 241

{"jsonrpc":"2.0","id":29,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":60,"character":12},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 270

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":21},"contentChanges":[{"range":{"start":{"line":5,"character":6},"end":{"line":7,"character":0}},"text":"\t"}]}}Content-Length: 262

{"jsonrpc":"2.0","id":30,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":5,"character":0},"end":{"line":5,"character":6}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":22},"contentChanges":[{"range":{"start":{"line":19,"character":9},"end":{"line":21,"character":3}},"text":"$0"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":31,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":19,"character":9},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":23},"contentChanges":[{"range":{"start":{"line":56,"character":20},"end":{"line":56,"character":3}},"text":"{"}]}}Content-Length: 241

{"jsonrpc":"2.0","id":32,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":56,"character":20},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":24},"contentChanges":[{"range":{"start":{"line":31,"character":2},"end":{"line":31,"character":0}},"text":"\\("}]}}Content-Length: 240

{"jsonrpc":"2.0","id":33,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":31,"character":2},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":25},"contentChanges":[{"range":{"start":{"line":11,"character":3},"end":{"line":12,"character":0}},"text":"?."}]}}Content-Length: 264

{"jsonrpc":"2.0","id":34,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":11,"character":0},"end":{"line":11,"character":3}},"context":{"diagnostics":[]}}}Content-Length: 275

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":26},"contentChanges":[{"range":{"start":{"line":51,"character":0},"end":{"line":53,"character":3}},"text":"case "}]}}Content-Length: 240

{"jsonrpc":"2.0","id":35,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":51,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":27},"contentChanges":[{"range":{"start":{"line":43,"character":5},"end":{"line":44,"character":4}},"text":")"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":36,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":43,"character":5},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":28},"contentChanges":[{"range":{"start":{"line":32,"character":3},"end":{"line":32,"character":1}},"text":"["}]}}Content-Length: 235

{"jsonrpc":"2.0","id":37,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":32,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":29},"contentChanges":[{"range":{"start":{"line":34,"character":6},"end":{"line":35,"character":0}},"text":")"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":38,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":34,"character":6},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":30},"contentChanges":[{"range":{"start":{"line":6,"character":12},"end":{"line":7,"character":0}},"text":" ?? "}]}}Content-Length: 244

{"jsonrpc":"2.0","id":39,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":6,"character":12},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 270

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":31},"contentChanges":[{"range":{"start":{"line":4,"character":0},"end":{"line":6,"character":2}},"text":"x."}]}}Content-Length: 239

{"jsonrpc":"2.0","id":40,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":4,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":32},"contentChanges":[{"range":{"start":{"line":1,"character":10},"end":{"line":1,"character":2}},"text":"<->"}]}}Content-Length: 263

{"jsonrpc":"2.0","id":41,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":10}},"context":{"diagnostics":[]}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":33},"contentChanges":[{"range":{"start":{"line":2,"character":11},"end":{"line":4,"character":2}},"text":"#>"}]}}Content-Length: 263

{"jsonrpc":"2.0","id":42,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":11}},"context":{"diagnostics":[]}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":34},"contentChanges":[{"range":{"start":{"line":56,"character":4},"end":{"line":58,"character":1}},"text":"("}]}}Content-Length: 235

{"jsonrpc":"2.0","id":43,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":56,"character":4},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":35},"contentChanges":[{"range":{"start":{"line":45,"character":12},"end":{"line":47,"character":1}},"text":"}"}]}}Content-Length: 265

{"jsonrpc":"2.0","id":44,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":45,"character":0},"end":{"line":45,"character":12}},"context":{"diagnostics":[]}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":36},"contentChanges":[{"range":{"start":{"line":0,"character":21},"end":{"line":2,"character":0}},"text":"?."}]}}Content-Length: 244

{"jsonrpc":"2.0","id":45,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":0,"character":21},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":37},"contentChanges":[{"range":{"start":{"line":64,"character":12},"end":{"line":64,"character":3}},"text":"\t"}]}}Content-Length: 265

{"jsonrpc":"2.0","id":46,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":64,"character":0},"end":{"line":64,"character":12}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":38},"contentChanges":[{"range":{"start":{"line":57,"character":3},"end":{"line":57,"character":1}},"text":"->"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":47,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":57,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":39},"contentChanges":[{"range":{"start":{"line":34,"character":1},"end":{"line":36,"character":3}},"text":"<->"}]}}Content-Length: 264

{"jsonrpc":"2.0","id":48,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":34,"character":0},"end":{"line":34,"character":1}},"context":{"diagnostics":[]}}}Content-Length: 274

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":40},"contentChanges":[{"range":{"start":{"line":17,"character":0},"end":{"line":19,"character":4}},"text":"let "}]}}Content-Length: 235

{"jsonrpc":"2.0","id":49,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":17,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":41},"contentChanges":[{"range":{"start":{"line":38,"character":1},"end":{"line":38,"character":4}},"text":"->"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":50,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":38,"character":1},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":42},"contentChanges":[{"range":{"start":{"line":6,"character":12},"end":{"line":7,"character":3}},"text":"?."}]}}Content-Length: 244

{"jsonrpc":"2.0","id":51,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":6,"character":12},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":43},"contentChanges":[{"range":{"start":{"line":11,"character":2},"end":{"line":11,"character":3}},"text":"["}]}}Content-Length: 235

{"jsonrpc":"2.0","id":52,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":11,"character":2},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":44},"contentChanges":[{"range":{"start":{"line":19,"character":7},"end":{"line":19,"character":0}},"text":"\n"}]}}Content-Length: 264

{"jsonrpc":"2.0","id":53,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":19,"character":0},"end":{"line":19,"character":7}},"context":{"diagnostics":[]}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":45},"contentChanges":[{"range":{"start":{"line":12,"character":0},"end":{"line":12,"character":4}},"text":":"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":54,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":12,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":46},"contentChanges":[{"range":{"start":{"line":21,"character":5},"end":{"line":23,"character":4}},"text":"\t"}]}}Content-Length: 264

{"jsonrpc":"2.0","id":55,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":21,"character":0},"end":{"line":21,"character":5}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":47},"contentChanges":[{"range":{"start":{"line":13,"character":15},"end":{"line":14,"character":0}},"text":"."}]}}Content-Length: 241

{"jsonrpc":"2.0","id":56,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":13,"character":15},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":48},"contentChanges":[{"range":{"start":{"line":36,"character":3},"end":{"line":38,"character":2}},"text":"x."}]}}Content-Length: 235

{"jsonrpc":"2.0","id":57,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":36,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":49},"contentChanges":[{"range":{"start":{"line":1,"character":28},"end":{"line":3,"character":0}},"text":"$0"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":58,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":1,"character":28},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 275

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":50},"contentChanges":[{"range":{"start":{"line":16,"character":3},"end":{"line":18,"character":0}},"text":"case "}]}}Content-Length: 244

{"jsonrpc":"2.0","id":59,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":16,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":51},"contentChanges":[{"range":{"start":{"line":65,"character":15},"end":{"line":65,"character":3}},"text":"{"}]}}Content-Length: 265

{"jsonrpc":"2.0","id":60,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":65,"character":0},"end":{"line":65,"character":15}},"context":{"diagnostics":[]}}}Content-Length: 274

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":52},"contentChanges":[{"range":{"start":{"line":64,"character":8},"end":{"line":64,"character":4}},"text":"let "}]}}Content-Length: 240

{"jsonrpc":"2.0","id":61,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":64,"character":8},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":53},"contentChanges":[{"range":{"start":{"line":13,"character":5},"end":{"line":13,"character":4}},"text":"?."}]}}Content-Length: 240

{"jsonrpc":"2.0","id":62,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":13,"character":5},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 282

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":54},"contentChanges":[{"range":{"start":{"line":59,"character":0},"end":{"line":59,"character":1}},"text":"\ud83d\ude00"}]}}Content-Length: 244

{"jsonrpc":"2.0","id":63,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":59,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":55},"contentChanges":[{"range":{"start":{"line":15,"character":10},"end":{"line":16,"character":0}},"text":"\n"}]}}Content-Length: 245

{"jsonrpc":"2.0","id":64,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":15,"character":10},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":56},"contentChanges":[{"range":{"start":{"line":56,"character":24},"end":{"line":57,"character":0}},"text":"}"}]}}Content-Length: 245

{"jsonrpc":"2.0","id":65,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":56,"character":24},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":57},"contentChanges":[{"range":{"start":{"line":19,"character":3},"end":{"line":21,"character":3}},"text":"("}]}}Content-Length: 235

{"jsonrpc":"2.0","id":66,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":19,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":58},"contentChanges":[{"range":{"start":{"line":40,"character":0},"end":{"line":41,"character":2}},"text":"\\("}]}}Content-Length: 264

{"jsonrpc":"2.0","id":67,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":40,"character":0},"end":{"line":40,"character":0}},"context":{"diagnostics":[]}}}Content-Length: 274

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":59},"contentChanges":[{"range":{"start":{"line":14,"character":7},"end":{"line":14,"character":1}},"text":"let "}]}}Content-Length: 240

{"jsonrpc":"2.0","id":68,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":14,"character":7},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 273

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":60},"contentChanges":[{"range":{"start":{"line":60,"character":47},"end":{"line":62,"character":0}},"text":"$0"}]}}Content-Length: 241

{"jsonrpc":"2.0","id":69,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":60,"character":47},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":61},"contentChanges":[{"range":{"start":{"line":44,"character":0},"end":{"line":44,"character":3}},"text":"{"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":70,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":44,"character":0},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":62},"contentChanges":[{"range":{"start":{"line":48,"character":2},"end":{"line":48,"character":3}},"text":"}"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":71,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":48,"character":2},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":63},"contentChanges":[{"range":{"start":{"line":34,"character":4},"end":{"line":34,"character":2}},"text":"\t"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":72,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":34,"character":4},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":64},"contentChanges":[{"range":{"start":{"line":33,"character":1},"end":{"line":33,"character":2}},"text":"x."}]}}Content-Length: 240

{"jsonrpc":"2.0","id":73,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":33,"character":1},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 271

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":65},"contentChanges":[{"range":{"start":{"line":22,"character":0},"end":{"line":24,"character":3}},"text":"("}]}}Content-Length: 264

{"jsonrpc":"2.0","id":74,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":22,"character":0},"end":{"line":22,"character":0}},"context":{"diagnostics":[]}}}Content-Length: 275

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":66},"contentChanges":[{"range":{"start":{"line":45,"character":1},"end":{"line":45,"character":4}},"text":"case "}]}}Content-Length: 244

{"jsonrpc":"2.0","id":75,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":45,"character":1},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":67},"contentChanges":[{"range":{"start":{"line":27,"character":5},"end":{"line":29,"character":1}},"text":"\t"}]}}Content-Length: 235

{"jsonrpc":"2.0","id":76,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":27,"character":5},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 276

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":68},"contentChanges":[{"range":{"start":{"line":59,"character":21},"end":{"line":59,"character":2}},"text":"case "}]}}Content-Length: 241

{"jsonrpc":"2.0","id":77,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":59,"character":21},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 270

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":69},"contentChanges":[{"range":{"start":{"line":6,"character":25},"end":{"line":6,"character":2}},"text":"{"}]}}Content-Length: 263

{"jsonrpc":"2.0","id":78,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":6,"character":0},"end":{"line":6,"character":25}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":70},"contentChanges":[{"range":{"start":{"line":33,"character":2},"end":{"line":34,"character":4}},"text":"->"}]}}Content-Length: 264

{"jsonrpc":"2.0","id":79,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"range":{"start":{"line":33,"character":0},"end":{"line":33,"character":2}},"context":{"diagnostics":[]}}}Content-Length: 272

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind","version":71},"contentChanges":[{"range":{"start":{"line":36,"character":8},"end":{"line":37,"character":2}},"text":"#>"}]}}Content-Length: 240

{"jsonrpc":"2.0","id":80,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/control-flow/layout.bind"},"position":{"line":36,"character":8},"options":{"tabSize":2,"insertSpaces":true}}}