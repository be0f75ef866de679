package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func evaluate(tokens []string) (int64, bool) {
	var stack []int64
	for _, tok := range tokens {
		switch tok {
		case "+", "-", "*", "/":
			if len(stack) < 2 {
				return 0, false
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-2]
			switch tok {
			case "+":
				stack = append(stack, a+b)
			case "-":
				stack = append(stack, a-b)
			case "*":
				stack = append(stack, a*b)
			default:
				if b == 0 {
					return 0, false
				}
				stack = append(stack, a/b)
			}
		default:
			v, _ := strconv.ParseInt(tok, 10, 64)
			stack = append(stack, v)
		}
	}
	if len(stack) != 1 {
		return 0, false
	}
	return stack[0], true
}

func main() {
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	if result, ok := evaluate(strings.Fields(line)); ok {
		fmt.Println(result)
	} else {
		fmt.Println("error")
	}
}
