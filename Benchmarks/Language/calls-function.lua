-- calls-function.bind in Lua 5.4: a one-line function called 10⁶ times.
local function bump(value) return value + 1 end
local total = 0
for i = 1, 1000000 do total = bump(total) end
print(total)
