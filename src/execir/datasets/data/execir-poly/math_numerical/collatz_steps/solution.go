package main

import (
	"bufio"
	"fmt"
	"os"
)

func collatzSteps(n int64) int64 {
	if n < 1 {
		return -1
	}
	steps := int64(0)
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n int64
	for {
		if _, err := fmt.Fscan(reader, &n); err != nil {
			break
		}
		if steps := collatzSteps(n); steps < 0 {
			fmt.Fprintln(writer, "invalid")
		} else {
			fmt.Fprintln(writer, steps)
		}
	}
}
