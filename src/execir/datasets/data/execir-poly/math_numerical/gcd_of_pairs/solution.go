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

func gcd(a, b int64) int64 {
	a, b = abs(a), abs(b)
	for b > 0 {
		a, b = b, a%b
	}
	return a
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var a, b int64
	for {
		if _, err := fmt.Fscan(reader, &a, &b); err != nil {
			break
		}
		fmt.Fprintln(writer, gcd(a, b))
	}
}
