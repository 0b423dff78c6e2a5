# func-call.bind in CPython: a two-argument function called 10⁶ times.
def add(a, b):
    return a + b


def main():
    total = 0
    for i in range(1, 1_000_001):
        total = add(total, i)
    print(total)


main()
