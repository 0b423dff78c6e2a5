# calls-method.bind in CPython: a method of a class, called 10⁶ times.
class Counter:
    def __init__(self):
        self.step = 1

    def bump(self, value: int) -> int:
        return value + 1


def main():
    counter = Counter()
    total = 0
    for i in range(1, 1_000_001):
        total = counter.bump(total)
    print(total)


main()
