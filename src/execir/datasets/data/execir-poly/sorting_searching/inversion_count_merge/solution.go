package main

import (
	"bufio"
	"fmt"
	"os"
)

func sortCount(a []int) ([]int, int64) {
	if len(a) < 2 {
		return a, 0
	}
	mid := len(a) / 2
	left, x := sortCount(a[:mid])
	right, y := sortCount(a[mid:])
	merged := make([]int, 0, len(a))
	count := x + y
	i, j := 0, 0
	for i < len(left) && j < len(right) {
		if left[i] <= right[j] {
			merged = append(merged, left[i])
			i++
		} else {
			merged = append(merged, right[j])
			count += int64(len(left) - i)
			j++
		}
	}
	merged = append(merged, left[i:]...)
	merged = append(merged, right[j:]...)
	return merged, count
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	_, count := sortCount(values)
	fmt.Println(count)
}
