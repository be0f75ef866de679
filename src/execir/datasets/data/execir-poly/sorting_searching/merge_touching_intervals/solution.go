package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
)

func mergeIntervals(intervals [][2]int) [][2]int {
	sort.Slice(intervals, func(i, j int) bool { return intervals[i][0] < intervals[j][0] })
	merged := [][2]int{}
	for _, iv := range intervals {
		last := len(merged) - 1
		if last >= 0 && iv[0] <= merged[last][1] {
			if iv[1] > merged[last][1] {
				merged[last][1] = iv[1]
			}
		} else {
			merged = append(merged, iv)
		}
	}
	return merged
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n int
	fmt.Fscan(reader, &n)
	intervals := make([][2]int, n)
	for i := range intervals {
		fmt.Fscan(reader, &intervals[i][0], &intervals[i][1])
	}
	for _, iv := range mergeIntervals(intervals) {
		fmt.Fprintln(writer, iv[0], iv[1])
	}
}
