package main

import (
	"bufio"
	"fmt"
	"os"
)

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func reduceFraction(num, den int64) (int64, int64) {
	a, b := abs(num), abs(den)
	for b != 0 {
		a, b = b, a%b
	}
	num /= a
	den /= a
	if den < 0 {
		num, den = -num, -den
	}
	return num, den
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var num, den int64
	for {
		if _, err := fmt.Fscan(reader, &num, &den); err != nil {
			break
		}
		if den == 0 {
			fmt.Fprintln(writer, "invalid")
			continue
		}
		n, d := reduceFraction(num, den)
		fmt.Fprintf(writer, "%d/%d\n", n, d)
	}
}
