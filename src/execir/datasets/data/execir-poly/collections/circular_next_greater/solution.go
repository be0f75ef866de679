package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func nextGreaterCircular(values []int) []int {
	n := len(values)
	result := make([]int, n)
	for i := range result {
		result[i] = -1
	}
	var stack []int
	for i := 0; i < 2*n; i++ {
		value := values[i%n]
		for len(stack) > 0 && values[stack[len(stack)-1]] < value {
			result[stack[len(stack)-1]] = value
			stack = stack[:len(stack)-1]
		}
		if i < n {
			stack = append(stack, i)
		}
	}
	return result
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	values := make([]int, n)
	for i := range values {
		sc.Scan()
		values[i], _ = strconv.Atoi(sc.Text())
	}
	parts := []string{}
	for _, v := range nextGreaterCircular(values) {
		parts = append(parts, strconv.Itoa(v))
	}
	fmt.Println(strings.Join(parts, " "))
}
