# calls-function.bind in CPython: a one-line function called 10⁶ times.
def bump(value: int) -> int:
    return value + 1


def main():
    total = 0
    for i in range(1, 1_000_001):
        total = bump(total)
    print(total)


main()
