package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func crc8(data []int) int {
	crc := 0
	for _, b := range data {
		if b < 0 || b > 255 {
			return -1
		}
		crc ^= b
		for i := 0; i < 8; i++ {
			if crc&0x80 != 0 {
				crc = ((crc << 1) ^ 0x07) & 0xFF
			} else {
				crc = (crc << 1) & 0xFF
			}
		}
	}
	return crc
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	data := make([]int, n)
	for i := range data {
		sc.Scan()
		data[i], _ = strconv.Atoi(sc.Text())
	}
	if result := crc8(data); result < 0 {
		fmt.Println("invalid")
	} else {
		fmt.Printf("%02X\n", result)
	}
}
