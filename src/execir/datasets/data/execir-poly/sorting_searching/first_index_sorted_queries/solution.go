package main

import (
	"bufio"
	"fmt"
	"os"
)

func firstIndex(values []int, target int) int {
	lo, hi, found := 0, len(values)-1, -1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		if values[mid] == target {
			found = mid
			hi = mid - 1
		} else if values[mid] < target {
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return found
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	var target int
	for {
		if _, err := fmt.Fscan(reader, &target); err != nil {
			break
		}
		fmt.Fprintln(writer, firstIndex(values, target))
	}
}
