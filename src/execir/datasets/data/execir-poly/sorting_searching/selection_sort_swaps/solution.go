package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func selectionSwaps(data []int) int {
	swaps := 0
	for i := 0; i+1 < len(data); i++ {
		smallest := i
		for j := i + 1; j < len(data); j++ {
			if data[j] < data[smallest] {
				smallest = j
			}
		}
		if smallest != i {
			data[i], data[smallest] = data[smallest], data[i]
			swaps++
		}
	}
	return swaps
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	fmt.Println(selectionSwaps(values))
	fmt.Println(strings.Trim(fmt.Sprint(values), "[]"))
}
