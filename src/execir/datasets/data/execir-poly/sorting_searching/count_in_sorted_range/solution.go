package main

import (
	"bufio"
	"fmt"
	"os"
)

func boundary(values []int, x int, inclusive bool) int {
	lo, hi := 0, len(values)
	for lo < hi {
		mid := lo + (hi-lo)/2
		if values[mid] < x || (inclusive && values[mid] == x) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

func countInRange(values []int, low, high int) int {
	if low > high {
		return 0
	}
	return boundary(values, high, true) - boundary(values, low, false)
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n, low, high int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	for {
		if _, err := fmt.Fscan(reader, &low, &high); err != nil {
			break
		}
		fmt.Fprintln(writer, countInRange(values, low, high))
	}
}
