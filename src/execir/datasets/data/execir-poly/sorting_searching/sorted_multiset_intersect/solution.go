package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func intersect(a, b []int) []int {
	out := []int{}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] {
			out = append(out, a[i])
			i++
			j++
		} else if a[i] < b[j] {
			i++
		} else {
			j++
		}
	}
	return out
}

func readList(reader *bufio.Reader) []int {
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	return values
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	a := readList(reader)
	b := readList(reader)
	fmt.Println(strings.Trim(fmt.Sprint(intersect(a, b)), "[]"))
}
