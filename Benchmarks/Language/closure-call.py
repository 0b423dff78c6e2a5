# closure-call.bind in CPython: a lambda in a variable, called 10⁶ times.
def main():
    add = lambda a, b: a + b
    total = 0
    for i in range(1, 1_000_001):
        total = add(total, i)
    print(total)


main()
