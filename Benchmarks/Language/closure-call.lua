-- closure-call.bind in Lua 5.4: an anonymous function in a variable,
-- called 10⁶ times (the same call as func-call.lua in Lua).
local add = function(a, b) return a + b end
local total = 0
for i = 1, 1000000 do total = add(total, i) end
print(total)
