package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func min3(x, y, z int) int {
	if y < x {
		x = y
	}
	if z < x {
		x = z
	}
	return x
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min3(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	a, _ := reader.ReadString('\n')
	b, _ := reader.ReadString('\n')
	fmt.Println(editDistance(strings.TrimRight(a, "\n"), strings.TrimRight(b, "\n")))
}
