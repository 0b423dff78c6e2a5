-- calls-initializer.bind in Lua 5.4: a constructor that makes a table with
-- the class's metatable and sets its field, called 10⁶ times.
local Point = {}
Point.__index = Point
function Point.new(x)
  local point = setmetatable({}, Point)
  point.x = x
  return point
end
local total = 0
for i = 1, 1000000 do total = Point.new(total + 1).x end
print(total)
