package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func bubblePasses(data []int) int {
	n := len(data)
	if n < 2 {
		return 0
	}
	passes := 0
	for end := n - 1; end > 0; end-- {
		passes++
		swapped := false
		for i := 0; i < end; i++ {
			if data[i] > data[i+1] {
				data[i], data[i+1] = data[i+1], data[i]
				swapped = true
			}
		}
		if !swapped {
			break
		}
	}
	return passes
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	fmt.Println(bubblePasses(values))
	fmt.Println(strings.Trim(fmt.Sprint(values), "[]"))
}
