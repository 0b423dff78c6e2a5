# calls-initializer.bind in CPython: a class's __init__ called 10⁶ times.
class Point:
    def __init__(self, x: int):
        self.x = x


def main():
    total = 0
    for i in range(1, 1_000_001):
        total = Point(total + 1).x
    print(total)


main()
