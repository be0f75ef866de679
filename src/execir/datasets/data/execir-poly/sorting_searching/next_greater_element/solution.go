package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func nextGreater(values []int) []int {
	result := make([]int, len(values))
	waiting := []int{}
	for i, v := range values {
		result[i] = -1
		for len(waiting) > 0 && values[waiting[len(waiting)-1]] < v {
			result[waiting[len(waiting)-1]] = v
			waiting = waiting[:len(waiting)-1]
		}
		waiting = append(waiting, i)
	}
	return result
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	fmt.Println(strings.Trim(fmt.Sprint(nextGreater(values)), "[]"))
}
