package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

type segment struct {
	start, end int
	label      string
}

func mergeSegments(segments []segment) []segment {
	var merged []segment
	for _, s := range segments {
		if n := len(merged); n > 0 && merged[n-1].end == s.start && merged[n-1].label == s.label {
			merged[n-1].end = s.end
		} else {
			merged = append(merged, s)
		}
	}
	return merged
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() string {
		sc.Scan()
		return sc.Text()
	}
	n, _ := strconv.Atoi(next())
	segments := make([]segment, n)
	for i := range segments {
		start, _ := strconv.Atoi(next())
		end, _ := strconv.Atoi(next())
		segments[i] = segment{start, end, next()}
	}
	merged := mergeSegments(segments)
	if len(merged) == 0 {
		fmt.Println("none")
	}
	for _, s := range merged {
		fmt.Println(s.start, s.end, s.label)
	}
}
