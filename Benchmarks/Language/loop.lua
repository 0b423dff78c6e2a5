-- The language benchmark's loop in Lua 5.4: an object whose properties live
-- behind a proxy table; writing `c.v` goes through __newindex, which stores
-- the value and calls each observer of the property with (old, new) — the
-- same work as loop.bind (a property write that notifies one observer).
local function new_object(initial)
  local values, observers = initial, {}
  local object = setmetatable({}, {
    __index = values,
    __newindex = function(_, key, value)
      local old = values[key]
      if old == value then return end
      values[key] = value
      local list = observers[key]
      if list then
        for i = 1, #list do list[i](old, value) end
      end
    end,
  })
  local function observe(key, fn)
    local list = observers[key]
    if not list then list = {}; observers[key] = list end
    list[#list + 1] = fn
  end
  return object, observe
end

local c, observe = new_object({ v = 0 })
local count = 0
observe("v", function(old, new) count = count + 1 end)
for i = 1, 1000000 do c.v = i end
print(count)
assert(count == 1000000, "every write must reach the observer once")
