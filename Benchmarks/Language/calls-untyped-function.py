# calls-untyped-function.bind in CPython: the function without annotations.
def bump(value):
    return value + 1


def main():
    total = 0
    for i in range(1, 1_000_001):
        total = bump(total)
    print(total)


main()
