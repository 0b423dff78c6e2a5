# The language benchmark's loop in Python: a class whose property setter
# stores the value and calls each observer with (old, new) — the same work
# as loop.bind.
class C:
    __slots__ = ("_v", "_observers")

    def __init__(self):
        self._v = 0
        self._observers = []

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        old = self._v
        if old == value:
            return
        self._v = value
        for observer in self._observers:
            observer(old, value)

    def observe(self, observer):
        self._observers.append(observer)


def main():
    c = C()
    count = 0

    def counter(old, new):
        nonlocal count
        count += 1

    c.observe(counter)
    for i in range(1, 1_000_001):
        c.v = i
    print(count)
    assert count == 1_000_000, "every write must reach the observer once"


main()
