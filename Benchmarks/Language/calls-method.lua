-- calls-method.bind in Lua 5.4: a method of a class-like table (its
-- metatable), called 10⁶ times with `:`.
local Counter = {}
Counter.__index = Counter
function Counter.new() return setmetatable({ step = 1 }, Counter) end
function Counter:bump(value) return value + 1 end
local counter = Counter.new()
local total = 0
for i = 1, 1000000 do total = counter:bump(total) end
print(total)
